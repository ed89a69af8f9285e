//pass
//--local_size=[16,4] --global_size=[64,16]
// expect: drf — each work-item writes the cell of its own global id; work-item 0 alone writes sizes
// cl-std: CL2.0
__kernel void work_items(__global int *out, __global int *lin, __global int *sizes, uint d)
{
    size_t x = get_global_id(0), y = get_global_id(1);
    size_t width = get_global_size(0);
    out[y * width + x] = get_local_id(0) + get_group_id(1) * get_num_groups(0) + get_local_size(1);
    lin[get_global_linear_id()] = get_local_linear_id();
    /* a dimension the kernel computes: the ids are 0 beyond the last one */
    if (get_local_linear_id() == 0 && get_group_id(0) == 0 && get_group_id(1) == 0)
        sizes[0] = get_local_size(d) + get_work_dim() + get_global_offset(0);
}
