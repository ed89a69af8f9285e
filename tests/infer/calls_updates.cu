// Values changed by calls: a loop counter advanced through an `int &`
// helper, through a pointer, or by a `[&]` lambda is the loop's variable
// with that step; a helper without a body leaves its argument unknown.
__device__ void next(int &k) { k += blockDim.x; }
__device__ void advance(int *k) { *k += 2; }
__device__ void pick(int &k);

__global__ void updates(float *a, float *b, float *c, int n)
{
    for (int k = threadIdx.x; k < n; next(k))
        a[k] = 1.0f;
    int j = threadIdx.x;
    while (j < n) {
        b[j] = 2.0f;
        advance(&j);
    }
    int m = threadIdx.x;
    auto step = [&]() { m += 4; };
    for (int it = 0; it < 3; it++) {
        c[m] = 3.0f;
        step();
    }
    int q = threadIdx.x;
    pick(q);
    a[q] = 4.0f;
}
