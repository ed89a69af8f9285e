//pass
//--blockDim=64 --gridDim=1
// expect: drf — out: __popc(t) lies in 0..32, so a stride of 64 per thread keeps the cells apart.
__global__ void popcOffset(int *out)
{
    unsigned t = threadIdx.x;
    out[t * 64 + __popc(t)] = threadIdx.x;
}
