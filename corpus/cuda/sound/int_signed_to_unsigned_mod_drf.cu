//pass
//--blockDim=40 --gridDim=1
// expect: drf — s: (t + 39) % 40 is a permutation of 0..39.
// Store each value into the previous slot of a ring of 40.
__global__ void previous(const float *in, float *out)
{
    __shared__ float s[40];
    int prev = (int)threadIdx.x - 1;
    unsigned slot = (unsigned)(prev + 40) % 40;
    s[slot] = in[threadIdx.x];
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x];
}
