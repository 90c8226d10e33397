// The environment every process a test run starts inherits (see environment.c). Nothing to call: linking this
// target into the test bundle is enough.
#pragma once
