//pass
//--blockDim=512 --gridDim=8
// expect: drf — in each (k, j) step the pair s_val[i], s_val[i ^ j] is handled only by the thread with the smaller index (partner > i), pairs are disjoint, and each step ends with a barrier.
// Key-value bitonic sort of a 1024-element tile, two elements per thread:
// the xor-partner formulation, each thread walking its two positions.
#define TILE 1024

__global__ void bitonicSortKeyValue(float *values, int *indices)
{
    __shared__ float s_val[TILE];
    __shared__ int s_idx[TILE];
    unsigned int base = blockIdx.x * TILE;

    for (unsigned int i = threadIdx.x; i < TILE; i += blockDim.x) {
        s_val[i] = values[base + i];
        s_idx[i] = base + i;
    }
    __syncthreads();

    for (unsigned int k = 2; k <= TILE; k *= 2) {
        for (unsigned int j = k / 2; j > 0; j /= 2) {
            for (unsigned int i = threadIdx.x; i < TILE; i += blockDim.x) {
                unsigned int partner = i ^ j;
                if (partner > i) {
                    bool descending = (i & k) != 0;
                    float a = s_val[i], b = s_val[partner];
                    if ((a > b) != descending) {
                        s_val[i] = b;
                        s_val[partner] = a;
                        int t = s_idx[i];
                        s_idx[i] = s_idx[partner];
                        s_idx[partner] = t;
                    }
                }
            }
            __syncthreads();
        }
    }

    for (unsigned int i = threadIdx.x; i < TILE; i += blockDim.x) {
        values[base + i] = s_val[i];
        indices[base + i] = s_idx[i];
    }
}
