//pass
//--blockDim=256 --gridDim=64
// expect: drf — the gathered values are tex1Dfetch reads of a texture object, read-only memory; out[i] is one cell per thread.
// Sparse gather y[i] = x[col[i]] * v[i] with x bound to a linear texture
// object, as SpMV kernels do.
__global__ void gatherTex(cudaTextureObject_t x, const int *col, const float *v, float *y, int nnz)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < nnz)
        y[i] = tex1Dfetch<float>(x, col[i]) * v[i];
}
