//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// expect: racy — slots: thread t writes slots[t].f while thread t ^ 1 reads slots[t].u; the two union members are one cell and there is no barrier.
// A shared array of unions read through the other member by a neighbour.
union Slot {
    float f;
    unsigned int u;
};

__global__ void pairBits(const float *in, unsigned int *out)
{
    __shared__ Slot slots[256];
    int t = threadIdx.x;
    slots[t].f = in[blockIdx.x * 256 + t];
    // BUG: missing __syncthreads()
    out[blockIdx.x * 256 + t] = slots[t ^ 1].u;
}
