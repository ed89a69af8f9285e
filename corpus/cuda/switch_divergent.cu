//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// expect: divergent — the switch is on threadIdx.x % 4, and only the threads taking case 0 execute its __syncthreads().
// Lane roles chosen by a switch on the thread index, with a barrier in one
// of the cases.
__global__ void laneRoles(const float *in, float *out)
{
    __shared__ float s[256];
    unsigned int tid = threadIdx.x;
    int i = blockIdx.x * blockDim.x + tid;

    switch (tid % 4) {
    case 0:
        s[tid] = in[i];
        __syncthreads();              // BUG: a quarter of the block gets here
        break;
    case 1:
        s[tid] = 2.0f * in[i];
        break;
    default:
        s[tid] = 0.0f;
        break;
    }

    out[i] = s[tid];
}
