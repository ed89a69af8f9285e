//pass
//--blockDim=256 --gridDim=64
// expect: drf — pos = (i & ~(stride-1)) << 1 | (i & (stride-1)) inserts a zero at bit log2(stride), so each butterfly's pair (pos, pos+stride) belongs to one thread, and a barrier ends every stage.
// In-place fast Walsh-Hadamard transform of 512 floats per block, one butterfly per thread and stage.
#define N 512

__global__ void fwht512(float *data)
{
    __shared__ float s[N];
    float *d = data + blockIdx.x * N;
    int i = threadIdx.x;
    s[i] = d[i];
    s[i + N / 2] = d[i + N / 2];
    __syncthreads();

    for (int stride = 1; stride < N; stride <<= 1) {
        int pos = ((i & ~(stride - 1)) << 1) | (i & (stride - 1));
        float a = s[pos], b = s[pos + stride];
        s[pos] = a + b;
        s[pos + stride] = a - b;
        __syncthreads();
    }
    d[i] = s[i];
    d[i + N / 2] = s[i + N / 2];
}
