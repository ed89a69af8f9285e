//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — even threads fall through from case 0 into case 1, so threads 2k and 2k + 1 both write s[k]; with a break after case 0, only odd threads would write there.
// switch with a fall-through marked [[fallthrough]].
__global__ void fallThrough(int *out)
{
    __shared__ int s[32];
    __shared__ int even[32];
    switch (threadIdx.x % 2) {
    case 0:
        even[threadIdx.x / 2] = 1;
        [[fallthrough]];
    case 1:
        s[threadIdx.x / 2] = threadIdx.x;
        break;
    default:
        break;
    }
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x / 2] + even[threadIdx.x / 2];
}
