/* curand.h for emulation (docs/emulate.md, "Headers"): the host API's
 * names, so that a file's host code compiles; its calls do nothing (the
 * host code is run only to find a launch). */
#pragma once
#include "curand_kernel.h"

typedef enum curandStatus { CURAND_STATUS_SUCCESS = 0 } curandStatus_t;
typedef enum curandRngType {
    CURAND_RNG_PSEUDO_DEFAULT = 100,
    CURAND_RNG_PSEUDO_XORWOW = 101,
    CURAND_RNG_PSEUDO_MRG32K3A = 121,
    CURAND_RNG_PSEUDO_MTGP32 = 141,
    CURAND_RNG_PSEUDO_PHILOX4_32_10 = 161,
    CURAND_RNG_QUASI_DEFAULT = 200,
    CURAND_RNG_QUASI_SOBOL32 = 201
} curandRngType_t;
typedef struct mk_curand_generator *curandGenerator_t;
#define MK_CURAND_API(name) template <class... A> MK_INLINE curandStatus_t name(A...) { return CURAND_STATUS_SUCCESS; }
MK_CURAND_API(curandCreateGenerator)
MK_CURAND_API(curandCreateGeneratorHost)
MK_CURAND_API(curandDestroyGenerator)
MK_CURAND_API(curandSetPseudoRandomGeneratorSeed)
MK_CURAND_API(curandSetGeneratorOffset)
MK_CURAND_API(curandSetStream)
MK_CURAND_API(curandGenerate)
MK_CURAND_API(curandGenerateUniform)
MK_CURAND_API(curandGenerateUniformDouble)
MK_CURAND_API(curandGenerateNormal)
MK_CURAND_API(curandGenerateNormalDouble)
MK_CURAND_API(curandGenerateLogNormal)
#undef MK_CURAND_API
