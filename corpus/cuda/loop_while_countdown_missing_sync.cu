//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=32
// expect: racy — without the barrier after copying b back into a, a fast thread's next read a[l] races with its neighbour's write a[tid] of the copy.
// The countdown Jacobi with the second barrier forgotten.
#define N 128

__global__ void jacobiCountdownMissingSync(float *u, int iters)
{
    __shared__ float a[N], b[N];
    a[threadIdx.x] = u[blockIdx.x * N + threadIdx.x];
    __syncthreads();
    while (iters-- > 0) {
        int l = threadIdx.x == 0 ? 0 : threadIdx.x - 1;
        int r = threadIdx.x == N - 1 ? N - 1 : threadIdx.x + 1;
        b[threadIdx.x] = 0.5f * (a[l] + a[r]);
        __syncthreads();
        a[threadIdx.x] = b[threadIdx.x];
    }
    u[blockIdx.x * N + threadIdx.x] = a[threadIdx.x];
}
