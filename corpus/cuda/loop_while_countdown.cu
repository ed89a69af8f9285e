//pass
//--blockDim=128 --gridDim=32
// expect: drf — `while (iters-- > 0)` counts down a kernel parameter, the same in every thread, so the two barriers per sweep are reached by all; the shared double buffer is written at cur[tid] and read at neighbours only across a barrier.
// Jacobi sweeps in shared memory with a countdown loop and two buffers.
#define N 128

__global__ void jacobiCountdown(float *u, int iters)
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
        __syncthreads();
    }
    u[blockIdx.x * N + threadIdx.x] = a[threadIdx.x];
}
