//pass
//--blockDim=256 --gridDim=64
// expect: drf — accumulate writes through &sum and &count, the thread's own locals; the only global write is out[i] for the thread's own i.
// A helper that returns two results through pointers to the caller's locals.
__device__ void accumulate(const float *row, int len, float *sum, int *count)
{
    for (int k = 0; k < len; k++) {
        if (row[k] > 0.0f) {
            *sum += row[k];
            *count += 1;
        }
    }
}

__global__ void positiveMean(const float *rows, float *out, int len)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float sum = 0.0f;
    int count = 0;
    accumulate(rows + i * len, len, &sum, &count);
    out[i] = count ? sum / count : 0.0f;
}
