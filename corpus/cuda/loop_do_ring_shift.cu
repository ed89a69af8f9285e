//pass
//--blockDim=256 --gridDim=32
// expect: drf — k changes by the uniform stride only, so every thread runs the do-while the same number of times; each rotation writes s, then reads it after a barrier, then waits again.
// Rotates a block's values around a ring by `stride` positions until the total
// shift reaches n (the caller picks n as a multiple of stride).
__global__ void rotateUntil(float *x, int n, int stride)
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
        __syncthreads();
        k += stride;
    } while (k != n);
    x[g] = v;
}
