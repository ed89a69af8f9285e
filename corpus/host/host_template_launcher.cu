// expect: copy_chunks=drf scale_chunks=racy
// why: the launcher is a host function template, instantiated only implicitly (runAll<float>, runAll<double>), whose launches name kernel templates that clang leaves unresolved in its body; copy_chunks gets 256 threads for its 256-element chunks, scale_chunks 512 threads for 256-element chunks, so block 0's thread 256 and block 1's thread 0 both update data[256].
// assumes: blockDim = (256,1,1), gridDim = (64,1,1), CHUNK = 256 from the launch at
// no-host: copy_chunks=racy scale_chunks=racy
#include <cuda_runtime.h>

template <class T, int CHUNK>
__global__ void copy_chunks(const T *in, T *out)
{
    int i = blockIdx.x * CHUNK + threadIdx.x;
    out[i] = in[i];
}

template <class T, int CHUNK>
__global__ void scale_chunks(T *data, T factor)
{
    int i = blockIdx.x * CHUNK + threadIdx.x;
    data[i] = data[i] * factor;
}

template <class T>
void runAll(const T *in, T *out, T factor)
{
    int blocks = 64;
    int threads = 256;
    copy_chunks<T, 256><<<blocks, threads>>>(in, out);
    scale_chunks<T, 256><<<blocks, 2 * threads>>>(out, factor); /* twice the threads a chunk has */
}

int main()
{
    float *f;
    double *d;
    cudaMalloc(&f, 2 * 64 * 512 * sizeof(float));
    cudaMalloc(&d, 2 * 64 * 512 * sizeof(double));
    runAll<float>(f, f + 64 * 512, 2.0f);
    runAll<double>(d, d + 64 * 512, 2.0);
    cudaDeviceSynchronize();
    return 0;
}
