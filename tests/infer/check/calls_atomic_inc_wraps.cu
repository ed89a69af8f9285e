//pass
//--blockDim=64 --gridDim=1
// expect: drf — atomicInc's slot is only read from ring, each thread writes its own out cell

__global__ void ring_peek(unsigned int *head, const int *ring, int *out)
{
    unsigned int slot = atomicInc(head, 15u);
    out[threadIdx.x] = ring[slot];
}
