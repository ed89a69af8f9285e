//pass
//--blockDim=64 --gridDim=1
// expect: drf — u: the barrier separates the halfword writes through the pointer from the word reads.
// A shared union reached through a pointer to it, with the barrier in place.
union HalfWords { int i[32]; short h[64]; };

__global__ void unionThroughPointer(int *out)
{
    __shared__ HalfWords u;
    HalfWords *p = &u;
    unsigned t = threadIdx.x;
    p->h[t] = (short)t;
    __syncthreads();
    out[t] = p->i[t / 2];
}
