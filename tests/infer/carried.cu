// Uniform values a loop carries from iteration to iteration (a double
// buffer, a secondary stride) are closed forms of the iteration number.
__global__ void carried(float *A, int n)
{
    __shared__ float s[2][64];
    __shared__ float t[512];
    int cur = 0, half = 128, base = 5, flag = 0;
    for (int i = 0; i < n; i++) {
        s[1 - cur][threadIdx.x] = s[cur][threadIdx.x] + A[base];
        cur = 1 - cur;          // t % 2 == 0 ? 0 : 1
        base += 3;              // 5 + 3 t
        flag ^= 1;
        __syncthreads();
    }
    A[cur] = 0;                 // after max(0, n) trips: max(0, n) % 2 == 0 ? 0 : 1
    for (int d = 1; d < 256; d *= 2) {   // 2^t = d
        if (threadIdx.x < d)
            t[half + threadIdx.x] = 0;
        half >>= 1;             // 128 / d
        __syncthreads();
    }
    A[half] = 0;                // 8 trips: 0
    int k = 1;
    for (int j = 0; j < n; j++) {
        if (j > 2)
            k *= 2;             // conditional: not a closed form
        A[k] = 1;
    }
    int m = 1;
    for (int j = 0; j < n; j++) {
        if (A[j] > 0)
            continue;           // may skip the update: not a closed form
        m <<= 1;
        A[m] = 2;
    }
}
