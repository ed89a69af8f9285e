//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=1
// expect: racy — sb: a thread stages sb[t] for the next step while another thread still reads sb[t - ta] of this step (the barrier that ends a step is missing).
// One block merges two sorted arrays, CHUNK outputs per step: both inputs are
// staged in shared memory; the barrier that ends a step is missing.
#define CHUNK 128
__global__ void mergeByChunksNoSync(const int *a, int na, const int *b, int nb, int *out)
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
    }
}
