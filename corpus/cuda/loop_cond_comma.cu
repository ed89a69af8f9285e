//pass
//--blockDim=128 --gridDim=16
// expect: drf — in `(void)params[0], k < steps` the left operand only reads a global array no thread writes, the right is the uniform test; each thread writes s[tid] and reads s[127 - tid] between barriers.
// A comma in the loop condition: the left operand is evaluated for its
// effects before every test, the right one decides.
#define N 128

__global__ void mirrorSteps(const int *params, float *data, int steps)
{
    __shared__ float s[N];
    float v = data[blockIdx.x * N + threadIdx.x];
    for (int k = 0; (void)params[0], k < steps; ++k) {
        s[threadIdx.x] = v;
        __syncthreads();
        v = 0.5f * (v + s[N - 1 - threadIdx.x]);
        __syncthreads();
    }
    data[blockIdx.x * N + threadIdx.x] = v;
}
