//pass
//--local_size=[16,16] --num_groups=[8,8]
// expect: drf — 5-point Jacobi step from one global grid into another
__kernel void jacobi_double_buffer(__global const float *src, __global float *dst, int n)
{
    int x = get_global_id(0);
    int y = get_global_id(1);
    if (x > 0 && y > 0 && x < n - 1 && y < n - 1)
        dst[y * n + x] = 0.25f * (src[y * n + x - 1] + src[y * n + x + 1] + src[(y - 1) * n + x] + src[(y + 1) * n + x]);
}
