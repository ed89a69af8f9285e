//pass
//--blockDim=256 --gridDim=8
// expect: drf — the loop test is __syncthreads_or, whose result is the same in every thread of the block, so the block agrees on every iteration; labels are read after one barrier and written after the next.
// Min-label propagation along a ring, repeated for several passes.
__global__ void propagateLabels(int *labels, int passes)
{
    __shared__ int label[256];
    int tid = threadIdx.x;
    int g = blockIdx.x * blockDim.x + tid;
    for (int p = 0; p < passes; p++) {
        label[tid] = labels[g];
        int changed = 1;
        while (__syncthreads_or(changed)) {
            changed = 0;
            int mine = label[tid];
            int next = label[(tid + 1) % blockDim.x];
            __syncthreads();
            if (next < mine) {
                label[tid] = next;
                changed = 1;
            }
        }
        labels[g] = label[tid];
        __syncthreads();
    }
}
