//pass
//--blockDim=64 --gridDim=1
// expect: drf — u: the barrier separates the helper's halfword writes from the word reads.
// A shared union handed to a helper by pointer, with the barrier in place.
union HalfWords { int i[32]; short h[64]; };

__device__ void storeHalf(HalfWords *p, unsigned t)
{
    p->h[t] = (short)t;
}

__global__ void unionHelperPointer(int *out)
{
    __shared__ HalfWords u;
    unsigned t = threadIdx.x;
    storeHalf(&u, t);
    __syncthreads();
    out[t] = u.i[t / 2];
}
