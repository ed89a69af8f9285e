//pass
//--blockDim=256 --gridDim=32
// expect: drf — `j - n` as a condition means j != n, a uniform trip count, so the barriers in the loop are reached by every thread; each thread writes only buf[tid] and reads buf[255 - tid] between barriers.
// A condition written as a difference (nonzero means go on), as older C code does.
#define N 256

__global__ void rotateRounds(float *data, int rounds)
{
    __shared__ float buf[N];
    float v = data[blockIdx.x * N + threadIdx.x];
    for (int j = 0; j - rounds; j++) {
        buf[threadIdx.x] = v;
        __syncthreads();
        v = buf[N - 1 - threadIdx.x];
        __syncthreads();
    }
    data[blockIdx.x * N + threadIdx.x] = v;
}
