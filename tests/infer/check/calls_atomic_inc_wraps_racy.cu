//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — ring: atomicInc wraps at 15, so the 17th thread draws slot 0 again and writes ring[0] as the first did

__global__ void ring_push(unsigned int *head, int *ring)
{
    unsigned int slot = atomicInc(head, 15u);
    ring[slot] = threadIdx.x;
}
