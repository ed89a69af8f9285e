// __device__ functions are inlined; recursion gives an unknown.
__device__ int clampi(int x, int hi) { return x < hi ? x : hi - 1; }
__device__ void store(float *s, int i, float v) { s[i] = v; }
__device__ int fact(int x) { return x <= 1 ? 1 : x * fact(x - 1); }
__global__ void inlined(float *A, int n)
{
    __shared__ float s[64];
    store(s, clampi(threadIdx.x, 64), 0.0f);
    __syncthreads();
    A[clampi(threadIdx.x + 1, n)] = s[threadIdx.x];
    A[fact(threadIdx.x)] = 1.0f;
}
