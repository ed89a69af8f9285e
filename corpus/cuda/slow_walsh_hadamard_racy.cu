//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// expect: racy — s: the high part is masked with ~stride instead of ~(stride-1), so at stride 1 threads 0 and 1 both get pos = 0 and both read and write s[0] and s[1].
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
        int pos = ((i & ~stride) << 1) | (i & (stride - 1));   // BUG: mask one bit off
        float a = s[pos], b = s[pos + stride];
        s[pos] = a + b;
        s[pos + stride] = a - b;
        __syncthreads();
    }
    d[i] = s[i];
    d[i + N / 2] = s[i + N / 2];
}
