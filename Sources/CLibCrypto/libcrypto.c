// See CLibCrypto.h. Written against OpenSSL 3's EVP and OSSL_PARAM interfaces (none of the deprecated EC_KEY ones).
#include "CLibCrypto.h"

#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/ec.h>
#include <openssl/evp.h>
#include <openssl/obj_mac.h>
#include <openssl/param_build.h>

int pos_scrypt(const uint8_t *password, size_t password_length, const uint8_t *salt, size_t salt_length,
               uint64_t cost, uint64_t block_size, uint64_t parallelism, uint8_t *output, size_t output_length) {
    // scrypt needs 128 * r * (N + p) bytes; OpenSSL refuses more than maxmem (32 MiB unless told), so the limit is
    // what these parameters need plus room, capped at 1 GiB against absurd rows.
    uint64_t needed = 128 * block_size * (cost + parallelism + 2);
    if (block_size == 0 || cost == 0 || needed / 128 / block_size != cost + parallelism + 2 || needed > (1ULL << 30)) {
        return 0;
    }
    return EVP_PBE_scrypt((const char *)password, password_length, salt, salt_length, cost, block_size, parallelism,
                          needed + (1 << 20), output, output_length);
}

int pos_sha256(const uint8_t *data, size_t length, uint8_t digest[32]) {
    unsigned int size = 0;
    return EVP_Digest(data, length, digest, &size, EVP_sha256(), NULL) == 1 && size == 32;
}

int pos_constant_time_equal(const uint8_t *a, const uint8_t *b, size_t length) {
    return CRYPTO_memcmp(a, b, length) == 0;
}

/// The public point for a scalar already checked to lie in [1, n-1].
static int public_point(const EC_GROUP *group, const BIGNUM *scalar, uint8_t public_key[POS_P384_POINT_BYTES]) {
    int ok = 0;
    EC_POINT *point = EC_POINT_new(group);
    BN_CTX *context = BN_CTX_new();
    if (point && context && EC_POINT_mul(group, point, scalar, NULL, NULL, context) == 1 &&
        EC_POINT_point2oct(group, point, POINT_CONVERSION_UNCOMPRESSED, public_key, POS_P384_POINT_BYTES, context) ==
            POS_P384_POINT_BYTES) {
        ok = 1;
    }
    EC_POINT_free(point);
    BN_CTX_free(context);
    return ok;
}

/// The scalar as a BIGNUM when it lies in [1, n-1]; NULL otherwise.
static BIGNUM *checked_scalar(const EC_GROUP *group, const uint8_t private_key[POS_P384_SCALAR_BYTES]) {
    BIGNUM *scalar = BN_bin2bn(private_key, POS_P384_SCALAR_BYTES, NULL);
    if (scalar && !BN_is_zero(scalar) && BN_cmp(scalar, EC_GROUP_get0_order(group)) < 0) return scalar;
    BN_clear_free(scalar);
    return NULL;
}

int pos_p384_generate(uint8_t private_key[POS_P384_SCALAR_BYTES]) {
    // A uniform scalar in [1, n-1] from the system's CSPRNG.
    EC_GROUP *group = EC_GROUP_new_by_curve_name(NID_secp384r1);
    BIGNUM *scalar = BN_new();
    int ok = group && scalar && BN_priv_rand_range(scalar, EC_GROUP_get0_order(group)) == 1 && !BN_is_zero(scalar) &&
             BN_bn2binpad(scalar, private_key, POS_P384_SCALAR_BYTES) == POS_P384_SCALAR_BYTES;
    BN_clear_free(scalar);
    EC_GROUP_free(group);
    return ok;
}

int pos_p384_public_key(const uint8_t private_key[POS_P384_SCALAR_BYTES], uint8_t public_key[POS_P384_POINT_BYTES]) {
    EC_GROUP *group = EC_GROUP_new_by_curve_name(NID_secp384r1);
    BIGNUM *scalar = group ? checked_scalar(group, private_key) : NULL;
    int ok = scalar && public_point(group, scalar, public_key);
    BN_clear_free(scalar);
    EC_GROUP_free(group);
    return ok;
}

/// An EVP_PKEY for P-384 from a public point and, when given, the private scalar.
static EVP_PKEY *make_key(const uint8_t public_key[POS_P384_POINT_BYTES], const BIGNUM *scalar) {
    EVP_PKEY *key = NULL;
    OSSL_PARAM_BLD *builder = OSSL_PARAM_BLD_new();
    OSSL_PARAM *params = NULL;
    EVP_PKEY_CTX *context = EVP_PKEY_CTX_new_from_name(NULL, "EC", NULL);
    if (!builder || !context) goto done;
    if (OSSL_PARAM_BLD_push_utf8_string(builder, OSSL_PKEY_PARAM_GROUP_NAME, SN_secp384r1, 0) != 1 ||
        OSSL_PARAM_BLD_push_octet_string(builder, OSSL_PKEY_PARAM_PUB_KEY, public_key, POS_P384_POINT_BYTES) != 1 ||
        (scalar && OSSL_PARAM_BLD_push_BN(builder, OSSL_PKEY_PARAM_PRIV_KEY, scalar) != 1)) {
        goto done;
    }
    params = OSSL_PARAM_BLD_to_param(builder);
    if (!params || EVP_PKEY_fromdata_init(context) != 1 ||
        EVP_PKEY_fromdata(context, &key, scalar ? EVP_PKEY_KEYPAIR : EVP_PKEY_PUBLIC_KEY, params) != 1) {
        EVP_PKEY_free(key);
        key = NULL;
    }
done:
    OSSL_PARAM_free(params);
    OSSL_PARAM_BLD_free(builder);
    EVP_PKEY_CTX_free(context);
    return key;
}

int pos_p384_sign(const uint8_t private_key[POS_P384_SCALAR_BYTES], const uint8_t public_key[POS_P384_POINT_BYTES],
                  const uint8_t *message, size_t length, uint8_t signature[POS_P384_SIGNATURE_BYTES]) {
    int ok = 0;
    uint8_t der[160];
    size_t der_length = sizeof der;
    EVP_PKEY *key = NULL;
    EVP_MD_CTX *digest = NULL;
    ECDSA_SIG *parsed = NULL;
    EC_GROUP *group = EC_GROUP_new_by_curve_name(NID_secp384r1);
    BIGNUM *scalar = group ? checked_scalar(group, private_key) : NULL;
    if (!scalar) goto done;
    key = make_key(public_key, scalar);
    digest = EVP_MD_CTX_new();
    if (!key || !digest || EVP_DigestSignInit_ex(digest, NULL, "SHA384", NULL, NULL, key, NULL) != 1 ||
        EVP_DigestSign(digest, der, &der_length, message, length) != 1) {
        goto done;
    }
    // OpenSSL signs in DER (SEQUENCE { r, s }); the TSE's plain format is r || s, each padded to 48 bytes.
    const uint8_t *cursor = der;
    parsed = d2i_ECDSA_SIG(NULL, &cursor, (long)der_length);
    if (!parsed) goto done;
    const BIGNUM *r = NULL, *s = NULL;
    ECDSA_SIG_get0(parsed, &r, &s);
    ok = BN_bn2binpad(r, signature, 48) == 48 && BN_bn2binpad(s, signature + 48, 48) == 48;
done:
    ECDSA_SIG_free(parsed);
    EVP_MD_CTX_free(digest);
    EVP_PKEY_free(key);
    BN_clear_free(scalar);
    EC_GROUP_free(group);
    return ok;
}

int pos_p384_verify(const uint8_t public_key[POS_P384_POINT_BYTES], const uint8_t *message, size_t length,
                    const uint8_t signature[POS_P384_SIGNATURE_BYTES]) {
    int ok = 0;
    uint8_t *der = NULL;
    EVP_MD_CTX *digest = NULL;
    EVP_PKEY *key = make_key(public_key, NULL);
    ECDSA_SIG *value = ECDSA_SIG_new();
    BIGNUM *r = BN_bin2bn(signature, 48, NULL), *s = BN_bin2bn(signature + 48, 48, NULL);
    if (!key || !value || !r || !s || ECDSA_SIG_set0(value, r, s) != 1) {
        BN_free(r);
        BN_free(s);
        goto done;
    }
    int der_length = i2d_ECDSA_SIG(value, &der);
    digest = EVP_MD_CTX_new();
    if (der_length > 0 && digest && EVP_DigestVerifyInit_ex(digest, NULL, "SHA384", NULL, NULL, key, NULL) == 1 &&
        EVP_DigestVerify(digest, der, (size_t)der_length, message, length) == 1) {
        ok = 1;
    }
done:
    OPENSSL_free(der);
    EVP_MD_CTX_free(digest);
    ECDSA_SIG_free(value);
    EVP_PKEY_free(key);
    return ok;
}
