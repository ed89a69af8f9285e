//pass
//--local_size=64 --num_groups=16
// expect: drf — a loop with stride get_global_size(0): every element has one owner
__kernel void grid_stride_scale(__global float *data, float factor, int n)
{
    for (int i = get_global_id(0); i < n; i += get_global_size(0))
        data[i] *= factor;
}
