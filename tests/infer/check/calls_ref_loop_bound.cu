//pass
//--blockDim=64 --gridDim=1
// expect: drf — next(k) moves k by one for every thread, so all threads run the loop with the barrier alike

__device__ void next(int &k) { k += 1; }

__global__ void steps(float *a, float *out)
{
    __shared__ float s[64];
    for (int k = 0; k < 64; next(k)) {
        s[threadIdx.x] = a[k];
        __syncthreads();
        out[threadIdx.x] = s[(threadIdx.x + 1) % 64];
        __syncthreads();
    }
}
