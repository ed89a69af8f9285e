//pass
//--blockDim=256 --gridDim=64
// expect: drf — best[tid] (a struct, both fields) is written only by thread tid, the tree reads best[tid+s] from the inactive half, and a barrier ends every step; out[blockIdx.x] is one cell per block.
// Block-wise arg-max: a sequential-addressing tree over an array of structs
// in shared memory, copying whole structs.
struct MaxLoc {
    float val;
    int idx;
};

__global__ void blockArgMax(const float *in, MaxLoc *out, int n)
{
    __shared__ MaxLoc best[256];

    unsigned int tid = threadIdx.x;
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    best[tid].val = (i < n) ? in[i] : -3.402823466e+38f;
    best[tid].idx = i;
    __syncthreads();

    for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s && best[tid + s].val > best[tid].val)
            best[tid] = best[tid + s];
        __syncthreads();
    }

    if (tid == 0)
        out[blockIdx.x] = best[0];
}
