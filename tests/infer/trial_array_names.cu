// Arrays first met inside a loop translated in trials (a block-uniform
// counter): their names stay taken, so the locals read from them are
// g_flag_1 and g_limit_1, not a second g_flag (which did not resolve).
volatile __device__ int g_flag = 0;
__device__ int g_limit;

__global__ void steps(float *out)
{
    int step = 0;
    while (1) {
        if (step >= g_limit)
            break;
        if (threadIdx.x == 0)
            while (g_flag < step);
        __syncthreads();
        out[blockIdx.x * blockDim.x + threadIdx.x] = step;
        step++;
    }
}
