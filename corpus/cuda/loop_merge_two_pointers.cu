//pass
//--blockDim=128 --gridDim=1
// expect: drf — i and j advance by takeA, which thread 0 publishes before a barrier and every thread then reads, so the block agrees on the loop test; each step's shared buffers are reused only after the barrier that ends the step.
// One block merges two sorted arrays, CHUNK outputs per step: both inputs are
// staged in shared memory, thread 0 counts how many outputs come from a.
#define CHUNK 128
__global__ void mergeByChunks(const int *a, int na, const int *b, int nb, int *out)
{
    __shared__ int sa[CHUNK], sb[CHUNK];
    __shared__ int takeA;
    int t = threadIdx.x;
    int i = 0, j = 0;
    while (i < na && j < nb) {
        sa[t] = a[min(i + t, na - 1)];
        sb[t] = b[min(j + t, nb - 1)];
        __syncthreads();
        if (t == 0) {
            int x = 0, y = 0;
            while (x + y < CHUNK) {
                if (sa[x] <= sb[y])
                    x++;
                else
                    y++;
            }
            takeA = x;
        }
        __syncthreads();
        int ta = takeA;
        out[i + j + t] = t < ta ? sa[t] : sb[t - ta];
        i += ta;
        j += CHUNK - ta;
        __syncthreads();
    }
}
