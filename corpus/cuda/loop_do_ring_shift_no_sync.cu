//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=32
// expect: racy — s: a thread writes s[t] for the next rotation while another thread still reads s[(t' + stride) % blockDim.x] of this one (the second barrier is missing).
// Rotates a block's values around a ring; the barrier after the read is missing.
__global__ void rotateUntilNoSync(float *x, int n, int stride)
{
    __shared__ float s[256];
    int t = threadIdx.x;
    int g = blockIdx.x * blockDim.x + t;
    float v = x[g];
    int k = 0;
    do {
        s[t] = v;
        __syncthreads();
        v = s[(t + stride) % blockDim.x];
        k += stride;
    } while (k != n);
    x[g] = v;
}
