// The few primitives pos needs from Debian's libcrypto (OpenSSL 3), behind plain C calls that Swift can reach:
// scrypt for cashiers' PINs, SHA-256, and ECDSA over P-384 with SHA-384 for the demo store's TSE. Keys and
// signatures cross as fixed-size byte strings: a P-384 private key is its 48-byte scalar, a public key the 97-byte
// uncompressed point (04 || X || Y), a signature the 96-byte plain r || s (BSI TR-03111's ecdsa-plain).
// Every function returns 1 on success and 0 on failure, and never prints.
#pragma once
#include <stddef.h>
#include <stdint.h>

#define POS_P384_SCALAR_BYTES 48
#define POS_P384_POINT_BYTES 97
#define POS_P384_SIGNATURE_BYTES 96

int pos_scrypt(const uint8_t *password, size_t password_length, const uint8_t *salt, size_t salt_length,
               uint64_t cost, uint64_t block_size, uint64_t parallelism, uint8_t *output, size_t output_length);

int pos_sha256(const uint8_t *data, size_t length, uint8_t digest[32]);

/// 1 when the two buffers are equal, in time that depends on `length` only.
int pos_constant_time_equal(const uint8_t *a, const uint8_t *b, size_t length);

int pos_p384_generate(uint8_t private_key[POS_P384_SCALAR_BYTES]);

/// The public point of a private scalar; 0 when the scalar is not in [1, n-1].
int pos_p384_public_key(const uint8_t private_key[POS_P384_SCALAR_BYTES], uint8_t public_key[POS_P384_POINT_BYTES]);

/// Signs with a scalar and the point `pos_p384_public_key` gave for it (the point is not derived again here).
int pos_p384_sign(const uint8_t private_key[POS_P384_SCALAR_BYTES], const uint8_t public_key[POS_P384_POINT_BYTES],
                  const uint8_t *message, size_t length, uint8_t signature[POS_P384_SIGNATURE_BYTES]);

/// 1 when `signature` is a valid signature of `message` under `public_key`; 0 otherwise, also for a point that is
/// not on the curve.
int pos_p384_verify(const uint8_t public_key[POS_P384_POINT_BYTES], const uint8_t *message, size_t length,
                    const uint8_t signature[POS_P384_SIGNATURE_BYTES]);
