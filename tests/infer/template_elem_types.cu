// The type a kernel template's explicit instantiations give a type
// parameter is the element type of the arrays declared with it: their
// cells get its width, which a byte access needs (docs/inference.md,
// "Templates instantiated").  Instantiations that disagree leave it open.
template <typename T>
__global__ void widths(T *a, T (*rows)[16])
{
    unsigned char *b = (unsigned char *)a;
    b[threadIdx.x] = 1;
    a[threadIdx.x] = a[threadIdx.x + 1];
    rows[1][threadIdx.x] = rows[0][threadIdx.x];
}
template __global__ void widths<unsigned short>(unsigned short *a, unsigned short (*rows)[16]);

template <typename T>
__global__ void two_types(T *a)
{
    a[threadIdx.x] = a[threadIdx.x + 1];
}
template __global__ void two_types<float>(float *a);
template __global__ void two_types<double>(double *a);
