//pass
//--blockDim=64 --gridDim=1
// expect: drf — every thread runs two rounds; s is written and read between barriers, data[t] by thread t only.
// A helper decides how many exchange rounds to run.
__device__ void rounds(int &n, int t)
{
    n = 2;
}

__global__ void exchange(float *data)
{
    __shared__ float s[64];
    int t = threadIdx.x;
    int n = 1;
    rounds(n, t);
    for (int r = 0; r < n; r++) {
        s[t] = data[t];
        __syncthreads();
        data[t] = s[63 - t];
        __syncthreads();
    }
}
