//pass
//--blockDim=64 --gridDim=1
// expect: drf — every thread reaches the barrier; after it threads 1..63 read s[t - 1] and write their own data[t].
// Each thread but the first takes its left neighbour.
__global__ void leftNeighbour(float *data)
{
    __shared__ float s[64];
    unsigned t = threadIdx.x;
    s[t] = data[t];
    __syncthreads();
    if (t - 1u < 64u)
        data[t] = s[t - 1];
}
