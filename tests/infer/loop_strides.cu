// for loops of every stride are exact protocol loops.
__global__ void strides(int *A, int n)
{
    __shared__ int s[256];
    for (int a = blockDim.x / 2; a > 0; a >>= 1) s[threadIdx.x + a] = 0;
    for (int b = n; b > 0; b /= 2) s[b] = 1;
    for (int c = 1; c < n; c <<= 1) s[c] = 2;
    for (int d = 1; d < n; d *= 2) s[d] = 3;
    for (int e = 0; e < n; e += 4) A[e] = 4;
    for (int f = n - 1; f >= 0; f -= 2) A[f] = 5;
    for (int g = 0; g < n; ++g) A[g] = 6;
    for (int h = n; h != 0; h--) A[h] = 7;
    for (int o = -2; o <= 2; o++) A[threadIdx.x + o] = 8;
}
