//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — s: thread A's plain seed read of s[b] races with thread B's atomicCAS on s[b] (buckets come from data, and A's CAS goes to s[b + 1]).
// Add each value into the bucket after its key's, with a CAS loop.
__global__ void bucketAdd(const int *key, const int *val, int *out)
{
    __shared__ int s[65];
    int t = threadIdx.x;
    s[t] = 0;
    __syncthreads();
    int i = key[t] & 63;
    int old = s[i]; // BUG: the seed read is of bucket i ...
    i = i + 1;      // ... but the CAS below updates bucket i + 1
    int assumed;
    do {
        assumed = old;
        old = atomicCAS(&s[i], assumed, assumed + val[t]);
    } while (assumed != old);
    __syncthreads();
    out[t] = s[t];
}
