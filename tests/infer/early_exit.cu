// return, break and continue guard what follows them.
__global__ void exits(float *A, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    A[i] = 1.0f;
    for (int k = 0; k < n; k++) {
        if (k == i)
            continue;
        if (A[k] < 0.0f)
            break;
        A[k] += 1.0f;
    }
}
