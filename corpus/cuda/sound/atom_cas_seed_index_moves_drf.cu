//pass
//--blockDim=64 --gridDim=1
// expect: drf — s: the seed read and the atomicCAS are of the same cell s[i], so the read only guesses what the CAS checks; the clearing and the results are ordered by barriers.
// Add each value into the bucket after its key's, with a CAS loop.
__global__ void bucketAdd(const int *key, const int *val, int *out)
{
    __shared__ int s[65];
    int t = threadIdx.x;
    s[t] = 0;
    __syncthreads();
    int i = key[t] & 63;
    i = i + 1;
    int old = s[i];
    int assumed;
    do {
        assumed = old;
        old = atomicCAS(&s[i], assumed, assumed + val[t]);
    } while (assumed != old);
    __syncthreads();
    out[t] = s[t];
}
