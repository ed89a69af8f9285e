// Template parameters are unknown uniform values.
template <int TILE, typename T>
__global__ void scale(T *A)
{
    __shared__ T buf[256];
    buf[threadIdx.x] = A[blockIdx.x * TILE + threadIdx.x];
    __syncthreads();
    A[blockIdx.x * TILE + threadIdx.x] = buf[TILE - 1 - threadIdx.x];
}

// Calls of the math API on a type parameter stay dependent (overload sets):
// every candidate takes values only, so they are values too.
template <typename Real>
__global__ void softplus(int n, const Real *in, Real *out)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        out[i] = log(Real(1) + exp(in[i])) + pow(in[i], Real(2));
}
