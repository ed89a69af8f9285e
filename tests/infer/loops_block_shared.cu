// Loops whose trip count no exact loop gives, with barriers (issue 14, item 1):
// when every assignment of the loop's variables, and every branch around
// them, is the same in all threads of the block, they are block-shared
// unknowns per iteration (`local v uniform block;`) and the trip count is
// the block's; otherwise they stay per-thread and the warning stays.

// lo, hi: assigned under a branch on a value read at a uniform index
__global__ void binary_search(const int *sorted, int n, const int *q, int *out)
{
    __shared__ int tile[64];
    int key = q[blockIdx.x];
    int lo = 0, hi = n;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        tile[threadIdx.x] = sorted[mid + threadIdx.x];
        __syncthreads();
        if (tile[0] < key)
            lo = mid + 1;
        else
            hi = mid;
        __syncthreads();
    }
    if (threadIdx.x == 0)
        out[blockIdx.x] = lo;
}

// two counters compared to each other
__global__ void two_counters(int *a, int n)
{
    __shared__ int s[64];
    int i = 0, j = n;
    while (i < j) {
        s[threadIdx.x] = a[i + threadIdx.x];
        __syncthreads();
        a[j - 1 - threadIdx.x] = s[threadIdx.x];
        __syncthreads();
        i += 64;
        j -= 64;
    }
}

// do ... while (k != n), and a counter reset under a uniform branch
__global__ void do_not_equal(int *a, int n, int m)
{
    __shared__ int s[64];
    int k = 0;
    do {
        s[threadIdx.x] = k;
        __syncthreads();
        a[blockIdx.x * 64 + threadIdx.x] = s[63 - threadIdx.x];
        __syncthreads();
        k += 3;
        if (k > m)
            k = 0;
    } while (k != n);
}

// the do-while test at the end of the iteration is a collective's result
__global__ void converge(int *v)
{
    __shared__ int s[64];
    int changed;
    do {
        int x = s[(threadIdx.x + 1) % 64];
        __syncthreads();
        s[threadIdx.x] = x;
        changed = __syncthreads_or(x != 0);
    } while (changed);
}

// a thread-dependent step: the counter stays per-thread, the warning stays
__global__ void thread_step(int *a, int n)
{
    __shared__ int s[64];
    for (int r = 0; r < n;) {
        s[threadIdx.x] = r;
        __syncthreads();
        if (a[threadIdx.x] > 0)
            r += 2;
        else
            r++;
        __syncthreads();
    }
}

// one variable per-thread, the other shared: only the shared one decides
__global__ void mixed(int *a, int n)
{
    __shared__ int s[64];
    int i = 0, acc = threadIdx.x;
    while (i < n) {
        s[threadIdx.x] = acc;
        __syncthreads();
        acc += s[(threadIdx.x + 1) % 64];
        if (s[0] > 0)
            i += 2;
        else
            i++;
        __syncthreads();
    }
    a[blockIdx.x * 64 + threadIdx.x] = acc;
}
