//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — slots: thread A's plain seed read *p of slots[j] races with thread B's atomicCAS on slots[j] (j comes from data).
// Claim the slot after a hashed one with a CAS loop through a pointer.
__global__ void claim(const int *hash, int *out)
{
    __shared__ int slots[66];
    int t = threadIdx.x;
    slots[t] = -1;
    __syncthreads();
    int *p = &slots[hash[t] & 63];
    int seen = *p; // BUG: read through p ...
    p++;           // ... then p moves to the next slot before the CAS
    int assumed;
    do {
        assumed = seen;
        seen = atomicCAS(p, assumed, assumed < t ? t : assumed);
    } while (assumed != seen);
    __syncthreads();
    out[t] = slots[t];
}
