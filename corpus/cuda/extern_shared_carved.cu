//pass
//--blockDim=256 --gridDim=64
// expect: drf — the dynamic buffer is carved into vals[0..blockDim.x) and idxs (the next blockDim.x words); the tree writes vals[tid], idxs[tid] from the inactive half with a barrier per step; thread 0 writes one output cell per block.
// Block-wise minimum with its index, two arrays carved out of one extern
// shared buffer (launched with blockDim.x * (sizeof(float) + sizeof(int))).
__global__ void blockMinWithIndex(const float *in, float *minVal, int *minIdx, int n)
{
    extern __shared__ unsigned char smem[];
    float *vals = reinterpret_cast<float *>(smem);
    int *idxs = reinterpret_cast<int *>(smem + blockDim.x * sizeof(float));

    unsigned int tid = threadIdx.x;
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    vals[tid] = (i < n) ? in[i] : 3.402823466e+38f;
    idxs[tid] = i;
    __syncthreads();

    for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s && vals[tid + s] < vals[tid]) {
            vals[tid] = vals[tid + s];
            idxs[tid] = idxs[tid + s];
        }
        __syncthreads();
    }

    if (tid == 0) {
        minVal[blockIdx.x] = vals[0];
        minIdx[blockIdx.x] = idxs[0];
    }
}
