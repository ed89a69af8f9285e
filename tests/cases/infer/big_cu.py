"""A CUDA file of 560 kernels and over 10,000 lines, for hostile.test."""
for i in range(1, 561):
    print('__device__ int f%d(int x) { return x + %d; }' % (i, i))
    print('__global__ void k%d(float *A, int n)\n{' % i)
    print('    __shared__ float s[64];')
    print('    int t = f%d(threadIdx.x);' % i)
    print('    for (int j = 0; j < n; j++) {')
    print('        if (t < n)\n            s[threadIdx.x] = A[t + j];')
    print('        __syncthreads();')
    print('        A[blockIdx.x * blockDim.x + threadIdx.x] = s[(threadIdx.x + j) % 64];')
    print('        __syncthreads();\n    }')
    print('    while (t < n) { A[t] += 1.0f; t += blockDim.x; }')
    print('    // padding\n    // padding\n    // padding\n}\n')
