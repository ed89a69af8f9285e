// Template parameters that the file's instantiations agree on are pinned
// with `assume`; sizes written as such a parameter take its value.
template <unsigned int BLOCK>
__global__ void pinned(float *A)
{
    __shared__ float s[BLOCK];
    s[threadIdx.x] = A[threadIdx.x];
    __syncthreads();
    A[threadIdx.x] = s[BLOCK - 1 - threadIdx.x];
}
template __global__ void pinned<128>(float *);

// launched twice with the same value, and a type argument
template <typename T, int STEP>
__global__ void launched(T *A)
{
    A[threadIdx.x * STEP] = 0;
}

// two values: one kernel per instantiation (two_values_4, two_values_8)
template <int STRIDE>
__global__ void two_values(int *A)
{
    __shared__ int s[STRIDE];
    s[threadIdx.x % STRIDE] = A[threadIdx.x * STRIDE];
}

void host(float *f, int *i)
{
    launched<float, 2><<<1, 64>>>(f);
    launched<float, 2><<<2, 64>>>(f);
    two_values<4><<<1, 64>>>(i);
    two_values<8><<<1, 64>>>(i);
}
