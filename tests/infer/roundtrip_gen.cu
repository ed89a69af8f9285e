// The generator's conventions (docs/codegen.md) read back to the protocol.
extern __device__ float __dummyA_w();
extern __device__ int __unknown_k();
extern __device__ int __local_c();
static __device__ __forceinline__ long long __mapkit_min(long long a, long long b) { return a < b ? a : b; }
static __device__ __forceinline__ bool __mapkit_pow2(long long x) { return x > 0 && (x & (x - 1)) == 0; }
__global__ void gen(float *A, int n)
{
    const int c = __local_c();
    float __dummyA;
    __requires(__mapkit_pow2(n));
    __requires(threadIdx.x != __other_int(threadIdx.x) || c != __other_int(c));
    const int base = blockIdx.x * n;
    int k = __unknown_k();
    for (int r = 0; r < n; r++) {
        __dummyA = A[base + __mapkit_min(r, k)];
        A[base + c] = __dummyA_w();
    }
}
