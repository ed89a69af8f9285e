//pass
//--blockDim=64 --gridDim=1
// expect: drf — slots: the seed read *p and the atomicCAS(p, ...) are of the same cell; the clearing and the results are ordered by barriers.
// Claim the slot after a hashed one with a CAS loop through a pointer.
__global__ void claim(const int *hash, int *out)
{
    __shared__ int slots[66];
    int t = threadIdx.x;
    slots[t] = -1;
    __syncthreads();
    int *p = &slots[hash[t] & 63];
    p++;
    int seen = *p;
    int assumed;
    do {
        assumed = seen;
        seen = atomicCAS(p, assumed, assumed < t ? t : assumed);
    } while (assumed != seen);
    __syncthreads();
    out[t] = slots[t];
}
