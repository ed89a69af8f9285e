//pass
//--blockDim=64 --gridDim=1
// expect: drf — acc: thread t clears and writes acc[t] only.
// Each thread clears its accumulator.
__global__ void clearAcc(const int *in, int *out)
{
    __shared__ int acc[65];
    int t = threadIdx.x;
    acc[t] = in[t];
    memset(&acc[t], 0, sizeof(int));
    __syncthreads();
    out[t] = acc[t];
}
