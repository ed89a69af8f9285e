//pass
//--blockDim=256 --gridDim=64
// expect: drf — if (blockDim.x > 32) is the same for every thread, so its barriers are reached by all; inside, threads tid < st update s[tid] from s[tid+st] with a barrier per step, and thread 0 alone reads s[0..31] at the end.
// Block sum that folds large blocks down to 32 partials first; the branch
// on the block size is uniform, so the barriers inside it are fine.
__global__ void tileSum(const float *in, float *out)
{
    __shared__ float s[1024];
    unsigned int tid = threadIdx.x;

    s[tid] = in[blockIdx.x * blockDim.x + tid];
    __syncthreads();

    if (blockDim.x > 32) {
        for (unsigned int st = blockDim.x / 2; st >= 32; st >>= 1) {
            if (tid < st)
                s[tid] += s[tid + st];
            __syncthreads();
        }
    }

    if (tid == 0) {
        float t = 0.0f;
        unsigned int m = blockDim.x < 32 ? blockDim.x : 32;
        for (unsigned int k = 0; k < m; ++k)
            t += s[k];
        out[blockIdx.x] = t;
    }
}
