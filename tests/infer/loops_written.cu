// Loops as people write them: each is an exact protocol loop.
__global__ void two_counters(float *A, const float *B, int wA, int wB)
{
    __shared__ float s[256];
    int aBegin = wA * 16 * blockIdx.y, aEnd = aBegin + wA - 1;
    for (int a = aBegin, b = 16 * blockIdx.x; a <= aEnd; a += 16, b += 16 * wB) {
        s[threadIdx.x] = B[a + threadIdx.x] + B[b + threadIdx.x];
        __syncthreads();
    }
    // the header's other updates see the loop's own: j = 2 * i after i++
    int j = 0;
    for (int i = 0; i < 8; i++, j = 2 * i)
        A[j + threadIdx.x] = 0;
}

__global__ void body_updates(int *A, int n)
{
    for (int i = threadIdx.x; i < n; i += blockDim.x) {
        A[i] = 0;
        i += blockDim.x;
        A[i] = 1;
    }
    for (int k = 0; k < n;) {
        __syncthreads();
        k += 2;
        k += 1;
    }
}

__global__ void tests(int *A, const int *P, int n)
{
    for (int j = 0; j - n; j++)
        A[j] = 0;
    for (unsigned h = blockDim.x / 2; h; h >>= 1)
        A[h] = 1;
    for (int k = 0; (void)P[k], k < n; k++)
        A[k] = 2;
    for (int m = threadIdx.x; m + 4 < n; m += 4)
        A[m] = 3;
    int c = n;
    while (c-- > 0)
        A[c] = 4;
    int d = n;
    while (--d >= 0)
        A[d] = 5;
}

__global__ void do_whiles(int *A, int n)
{
    int i = 0;
    do {
        A[i] = 0;
    } while (++i < 4);
    int j = threadIdx.x;
    do {
        A[j] = 1;
        j += blockDim.x;
    } while (j < n);
    unsigned s = blockDim.x / 2;
    do {
        A[s] = 2;
        __syncthreads();
        s >>= 1;
    } while (s > 0);
}

__global__ void not_exact(int *A, int n)
{
    // a continue skips the body's update: the step is not invariant
    for (int i = 0; i < n; i++) {
        if (A[i])
            continue;
        i++;
    }
    // a do-while on != may run past its first value
    int k = n;
    do {
        A[k] = 0;
        k--;
    } while (k != 3);
}

__global__ void exit_values(int *A, int n)
{
    // computed by loops over uniform values: the same in every thread
    unsigned p = 1;
    while (p < n)
        p <<= 1;
    int levels = 0;
    for (int v = blockDim.x; v > 1; v >>= 1)
        levels++;
    for (int l = 0; l < levels; l++) {
        A[p + threadIdx.x] = l;
        __syncthreads();
    }
    // from a thread's value: not
    int t = threadIdx.x;
    while (t < n)
        t += blockDim.x;
    A[t] = 0;
}
